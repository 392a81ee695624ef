function main (asm, 563 bytes)
    00000  jmp 000000000000018Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    0001a  mov [rbp-10h],r10
    00021  mov rbx,rsi
; line 15: call
    00024  mov r10d,0
; line 14: jz
    0002a  test rbx,rbx
    0002d  je 000000000000009Dh
; line 15: call
    00033  cmp r13,1
    0003a  jb 0000000000000156h
    00040  test rbx,rbx
    00043  je 00000000000000EAh
    00049  mov esi,0
    0004f  mov rax,ADDR
    00059  mov rax,[rax]
    0005c  test rax,rax
    0005f  je 00000000000000F6h
    00065  cmp rsp,[r15+20h]
    0006c  jb 00000000000000F6h
    00072  sub r13,2
    00079  jb 00000000000000EFh
    0007f  add rax,8
    00085  call rax
    00087  add r13,2
    0008e  mov rsi,rax
; line 16: add
    00091  add r10,rsi
; line 17: sub
    00094  sub rbx,1
; line 18: jmp
; line 14: jz
    00098  test rbx,rbx
    0009b  jne 0000000000000033h
; line 20: print
    0009d  mov rax,r10
    000a0  mov rsi,rax
    000a3  mov rcx,100000006h
    000ad  mov rdi,[r15+30h]
    000b4  mov rax,ADDR
    000be  push r10
    000c0  push r11
    000c2  call rax  ; jit_print
    000c4  pop r11
    000c6  pop r10
    000c8  test rdx,rdx
    000cb  jne 0000000000000182h
; line 21: ret
    000d1  mov eax,0
    000d7  mov rbx,[rbp-8]
    000de  mov r10,[rbp-10h]
    000e5  mov rsp,rbp
    000e8  pop rbp
    000e9  ret
    000ea  mov rsi,rbx
    000ed  jmp 0000000000000091h
; call f at line 7 through jit_call
    000ef  add r13,2
    000f6  mov [rsp],rsi
    000fe  mov rcx,[r15+10h]
    00105  sub rcx,r13
    00108  add rcx,1
    0010f  mov [r15],rcx
    00116  mov rsi,0
    00120  mov rdx,rsp
    00123  mov rcx,1
    0012d  mov rdi,[r15+30h]
    00134  mov rax,ADDR
    0013e  push r10
    00140  push r11
    00142  call rax  ; jit_call
    00144  pop r11
    00146  pop r10
    00148  test rdx,rdx
    0014b  jne 0000000000000182h
    00151  jmp 000000000000008Eh
; trap: stack overflow at line 15
    00156  mov rdi,[r15+30h]
    0015d  mov rsi,2
    00167  mov rdx,100000002h
    00171  mov rax,ADDR
    0017b  call rax  ; jit_trap
    0017d  jmp 0000000000000182h
; unwind to the entry from the interpreter
    00182  mov rsp,[r15+28h]
    00189  ret
; external entry (from the interpreter)
    0018a  push rbp
    0018b  mov rbp,rsp
    0018e  push rbx
    0018f  push r12
    00191  push r13
    00193  push r14
    00195  push r15
    00197  mov r15,ADDR
    001a1  mov [r15+30h],rdi
    001a8  push qword ptr [r15+28h]
    001af  mov r14,8
    001b9  mov r13,[r15+10h]
    001c0  sub r13,[r15]
    001c7  lea rax,[20Ch]
    001ce  push rax
    001cf  mov [r15+28h],rsp
    001d6  sub rsp,8
    001da  mov rdx,rsi
    001dd  sub rsp,10h
    001e4  mov rsi,[rdx]
    001eb  call 8
    001f0  xor edx,edx
    001f2  lea rsp,[rbp-30h]
    001f9  pop rcx
    001fa  mov [r15+28h],rcx
    00201  pop r15
    00203  pop r14
    00205  pop r13
    00207  pop r12
    00209  pop rbx
    0020a  pop rbp
    0020b  ret
    0020c  lea rbp,[rsp+30h]
    00214  mov edx,1
    00219  lea rsp,[rbp-30h]
    00220  pop rcx
    00221  mov [r15+28h],rcx
    00228  pop r15
    0022a  pop r14
    0022c  pop r13
    0022e  pop r12
    00230  pop rbx
    00231  pop rbp
    00232  ret

