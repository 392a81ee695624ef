function main (asm, 478 bytes)
    00000  jmp 0000000000000139h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-10h],rbx
    0001a  mov ebx,0
; line 13: jz
    00020  test rsi,rsi
    00023  je 000000000000009Ch
    00029  nop [rax+rax]
    00032  nop [rax+rax]
    0003b  nop [rax+rax]
; line 14: call
    00040  mov [rbp-8],rsi
    00047  mov rax,ADDR
    00051  mov rax,[rax]
    00054  test rax,rax
    00057  je 00000000000000DDh
    0005d  cmp rsp,[r15+20h]
    00064  jb 00000000000000DDh
    0006a  sub r13,1
    00071  jb 00000000000000D6h
    00077  add rax,8
    0007d  call rax
    0007f  add r13,1
    00086  mov rsi,[rbp-8]
    0008d  mov r8,rax
; line 15: add
    00090  add rbx,r8
; line 16: sub
    00093  sub rsi,1
; line 17: jmp
; line 13: jz
    00097  test rsi,rsi
    0009a  jne 0000000000000040h
; line 19: print
    0009c  mov rax,rbx
    0009f  mov rsi,rax
    000a2  mov rcx,100000006h
    000ac  mov rdi,r12
    000af  mov rax,ADDR
    000b9  call rax  ; jit_print
    000bb  test rdx,rdx
    000be  jne 0000000000000131h
; line 20: ret
    000c4  mov eax,0
    000ca  mov rbx,[rbp-10h]
    000d1  mov rsp,rbp
    000d4  pop rbp
    000d5  ret
; call f at line 14 through jit_call
    000d6  add r13,1
    000dd  mov [rsp],rsi
    000e5  mov rcx,[r15+10h]
    000ec  sub rcx,r13
    000ef  add rcx,0
    000f6  mov [r15],rcx
    000fd  mov rsi,0
    00107  mov rdx,rsp
    0010a  mov rcx,100000002h
    00114  mov rdi,r12
    00117  mov rax,ADDR
    00121  call rax  ; jit_call
    00123  test rdx,rdx
    00126  jne 0000000000000131h
    0012c  jmp 0000000000000086h
; unwind to the entry from the interpreter
    00131  mov rsp,[r15+28h]
    00138  ret
; external entry (from the interpreter)
    00139  push rbp
    0013a  mov rbp,rsp
    0013d  push rbx
    0013e  push r12
    00140  push r13
    00142  push r14
    00144  push r15
    00146  mov r12,rdi
    00149  mov r15,ADDR
    00153  push qword ptr [r15+28h]
    0015a  mov r14,8
    00164  mov r13,[r15+10h]
    0016b  sub r13,[r15]
    00172  lea rax,[1B7h]
    00179  push rax
    0017a  mov [r15+28h],rsp
    00181  sub rsp,8
    00185  mov rdx,rsi
    00188  sub rsp,10h
    0018f  mov rsi,[rdx]
    00196  call 8
    0019b  xor edx,edx
    0019d  lea rsp,[rbp-30h]
    001a4  pop rcx
    001a5  mov [r15+28h],rcx
    001ac  pop r15
    001ae  pop r14
    001b0  pop r13
    001b2  pop r12
    001b4  pop rbx
    001b5  pop rbp
    001b6  ret
    001b7  lea rbp,[rsp+30h]
    001bf  mov edx,1
    001c4  lea rsp,[rbp-30h]
    001cb  pop rcx
    001cc  mov [r15+28h],rcx
    001d3  pop r15
    001d5  pop r14
    001d7  pop r13
    001d9  pop r12
    001db  pop rbx
    001dc  pop rbp
    001dd  ret

