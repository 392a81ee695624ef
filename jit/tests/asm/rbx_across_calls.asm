function main (asm, 535 bytes)
    00000  jmp 0000000000000172h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-10h],rbx
; line 14: call
    0001a  mov ebx,0
; line 13: jz
    00020  test rsi,rsi
    00023  je 00000000000000A8h
    00029  nop [rax]
; line 14: call
    00030  cmp r13,1
    00037  jb 0000000000000142h
    0003d  test rsi,rsi
    00040  je 00000000000000E2h
    00046  mov [rbp-8],rsi
    0004d  mov esi,0
    00053  mov rax,ADDR
    0005d  mov rax,[rax]
    00060  test rax,rax
    00063  je 00000000000000EEh
    00069  cmp rsp,[r15+20h]
    00070  jb 00000000000000EEh
    00076  sub r13,2
    0007d  jb 00000000000000E7h
    00083  add rax,8
    00089  call rax
    0008b  add r13,2
    00092  mov rsi,[rbp-8]
    00099  mov rdi,rax
; line 15: add
    0009c  add rbx,rdi
; line 16: sub
    0009f  sub rsi,1
; line 17: jmp
; line 13: jz
    000a3  test rsi,rsi
    000a6  jne 0000000000000030h
; line 19: print
    000a8  mov rax,rbx
    000ab  mov rsi,rax
    000ae  mov rcx,100000006h
    000b8  mov rdi,r12
    000bb  mov rax,ADDR
    000c5  call rax  ; jit_print
    000c7  test rdx,rdx
    000ca  jne 000000000000016Ah
; line 20: ret
    000d0  mov eax,0
    000d6  mov rbx,[rbp-10h]
    000dd  mov rsp,rbp
    000e0  pop rbp
    000e1  ret
    000e2  mov rdi,rsi
    000e5  jmp 000000000000009Ch
; call f at line 6 through jit_call
    000e7  add r13,2
    000ee  mov [rsp],rsi
    000f6  mov rcx,[r15+10h]
    000fd  sub rcx,r13
    00100  add rcx,1
    00107  mov [r15],rcx
    0010e  mov rsi,0
    00118  mov rdx,rsp
    0011b  mov rcx,1
    00125  mov rdi,r12
    00128  mov rax,ADDR
    00132  call rax  ; jit_call
    00134  test rdx,rdx
    00137  jne 000000000000016Ah
    0013d  jmp 0000000000000092h
; trap: stack overflow at line 14
    00142  mov rdi,r12
    00145  mov rsi,2
    0014f  mov rdx,100000002h
    00159  mov rax,ADDR
    00163  call rax  ; jit_trap
    00165  jmp 000000000000016Ah
; unwind to the entry from the interpreter
    0016a  mov rsp,[r15+28h]
    00171  ret
; external entry (from the interpreter)
    00172  push rbp
    00173  mov rbp,rsp
    00176  push rbx
    00177  push r12
    00179  push r13
    0017b  push r14
    0017d  push r15
    0017f  mov r12,rdi
    00182  mov r15,ADDR
    0018c  push qword ptr [r15+28h]
    00193  mov r14,8
    0019d  mov r13,[r15+10h]
    001a4  sub r13,[r15]
    001ab  lea rax,[1F0h]
    001b2  push rax
    001b3  mov [r15+28h],rsp
    001ba  sub rsp,8
    001be  mov rdx,rsi
    001c1  sub rsp,10h
    001c8  mov rsi,[rdx]
    001cf  call 8
    001d4  xor edx,edx
    001d6  lea rsp,[rbp-30h]
    001dd  pop rcx
    001de  mov [r15+28h],rcx
    001e5  pop r15
    001e7  pop r14
    001e9  pop r13
    001eb  pop r12
    001ed  pop rbx
    001ee  pop rbp
    001ef  ret
    001f0  lea rbp,[rsp+30h]
    001f8  mov edx,1
    001fd  lea rsp,[rbp-30h]
    00204  pop rcx
    00205  mov [r15+28h],rcx
    0020c  pop r15
    0020e  pop r14
    00210  pop r13
    00212  pop r12
    00214  pop rbx
    00215  pop rbp
    00216  ret

