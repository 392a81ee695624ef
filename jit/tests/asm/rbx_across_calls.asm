function main (asm, 547 bytes)
    00000  jmp 000000000000017Eh
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
    0003a  jb 000000000000014Eh
    00040  test rbx,rbx
    00043  je 00000000000000E6h
    00049  mov esi,0
    0004f  mov rax,ADDR
    00059  mov rax,[rax]
    0005c  test rax,rax
    0005f  je 00000000000000F2h
    00065  cmp rsp,[r15+20h]
    0006c  jb 00000000000000F2h
    00072  sub r13,2
    00079  jb 00000000000000EBh
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
    000ad  mov rdi,r12
    000b0  mov rax,ADDR
    000ba  push r10
    000bc  push r11
    000be  call rax  ; jit_print
    000c0  pop r11
    000c2  pop r10
    000c4  test rdx,rdx
    000c7  jne 0000000000000176h
; line 21: ret
    000cd  mov eax,0
    000d3  mov rbx,[rbp-8]
    000da  mov r10,[rbp-10h]
    000e1  mov rsp,rbp
    000e4  pop rbp
    000e5  ret
    000e6  mov rsi,rbx
    000e9  jmp 0000000000000091h
; call f at line 7 through jit_call
    000eb  add r13,2
    000f2  mov [rsp],rsi
    000fa  mov rcx,[r15+10h]
    00101  sub rcx,r13
    00104  add rcx,1
    0010b  mov [r15],rcx
    00112  mov rsi,0
    0011c  mov rdx,rsp
    0011f  mov rcx,1
    00129  mov rdi,r12
    0012c  mov rax,ADDR
    00136  push r10
    00138  push r11
    0013a  call rax  ; jit_call
    0013c  pop r11
    0013e  pop r10
    00140  test rdx,rdx
    00143  jne 0000000000000176h
    00149  jmp 000000000000008Eh
; trap: stack overflow at line 15
    0014e  mov rdi,r12
    00151  mov rsi,2
    0015b  mov rdx,100000002h
    00165  mov rax,ADDR
    0016f  call rax  ; jit_trap
    00171  jmp 0000000000000176h
; unwind to the entry from the interpreter
    00176  mov rsp,[r15+28h]
    0017d  ret
; external entry (from the interpreter)
    0017e  push rbp
    0017f  mov rbp,rsp
    00182  push rbx
    00183  push r12
    00185  push r13
    00187  push r14
    00189  push r15
    0018b  mov r12,rdi
    0018e  mov r15,ADDR
    00198  push qword ptr [r15+28h]
    0019f  mov r14,8
    001a9  mov r13,[r15+10h]
    001b0  sub r13,[r15]
    001b7  lea rax,[1FCh]
    001be  push rax
    001bf  mov [r15+28h],rsp
    001c6  sub rsp,8
    001ca  mov rdx,rsi
    001cd  sub rsp,10h
    001d4  mov rsi,[rdx]
    001db  call 8
    001e0  xor edx,edx
    001e2  lea rsp,[rbp-30h]
    001e9  pop rcx
    001ea  mov [r15+28h],rcx
    001f1  pop r15
    001f3  pop r14
    001f5  pop r13
    001f7  pop r12
    001f9  pop rbx
    001fa  pop rbp
    001fb  ret
    001fc  lea rbp,[rsp+30h]
    00204  mov edx,1
    00209  lea rsp,[rbp-30h]
    00210  pop rcx
    00211  mov [r15+28h],rcx
    00218  pop r15
    0021a  pop r14
    0021c  pop r13
    0021e  pop r12
    00220  pop rbx
    00221  pop rbp
    00222  ret

