function main (asm, 452 bytes)
    00000  jmp 0000000000000126h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
; line 7: call
    00013  cmp r13,1
    0001a  jb 00000000000000F6h
    00020  mov esi,0
    00026  mov rax,ADDR
    00030  mov rax,[rax]
    00033  test rax,rax
    00036  je 00000000000000A2h
    0003c  cmp rsp,[r15+20h]
    00043  jb 00000000000000A2h
    00049  sub r13,2
    00050  jb 000000000000009Bh
    00056  add rax,8
    0005c  call rax
    0005e  add r13,2
    00065  mov rsi,rax
; line 8: print
    00068  mov rax,rsi
    0006b  mov rsi,rax
    0006e  mov rcx,1
    00078  mov rdi,r12
    0007b  mov rax,ADDR
    00085  call rax  ; jit_print
    00087  test rdx,rdx
    0008a  jne 000000000000011Eh
; line 9: ret
    00090  mov eax,0
    00096  mov rsp,rbp
    00099  pop rbp
    0009a  ret
; call g at line 13 through jit_call
    0009b  add r13,2
    000a2  mov [rsp],rsi
    000aa  mov rcx,[r15+10h]
    000b1  sub rcx,r13
    000b4  add rcx,1
    000bb  mov [r15],rcx
    000c2  mov rsi,1
    000cc  mov rdx,rsp
    000cf  mov rcx,100000001h
    000d9  mov rdi,r12
    000dc  mov rax,ADDR
    000e6  call rax  ; jit_call
    000e8  test rdx,rdx
    000eb  jne 000000000000011Eh
    000f1  jmp 0000000000000065h
; trap: stack overflow at line 7
    000f6  mov rdi,r12
    000f9  mov rsi,2
    00103  mov rdx,0
    0010d  mov rax,ADDR
    00117  call rax  ; jit_trap
    00119  jmp 000000000000011Eh
; unwind to the entry from the interpreter
    0011e  mov rsp,[r15+28h]
    00125  ret
; external entry (from the interpreter)
    00126  push rbp
    00127  mov rbp,rsp
    0012a  push rbx
    0012b  push r12
    0012d  push r13
    0012f  push r14
    00131  push r15
    00133  mov r12,rdi
    00136  mov r15,ADDR
    00140  push qword ptr [r15+28h]
    00147  mov r14,8
    00151  mov r13,[r15+10h]
    00158  sub r13,[r15]
    0015f  lea rax,[19Dh]
    00166  push rax
    00167  mov [r15+28h],rsp
    0016e  sub rsp,8
    00172  mov rdx,rsi
    00175  sub rsp,0
    0017c  call 8
    00181  xor edx,edx
    00183  lea rsp,[rbp-30h]
    0018a  pop rcx
    0018b  mov [r15+28h],rcx
    00192  pop r15
    00194  pop r14
    00196  pop r13
    00198  pop r12
    0019a  pop rbx
    0019b  pop rbp
    0019c  ret
    0019d  lea rbp,[rsp+30h]
    001a5  mov edx,1
    001aa  lea rsp,[rbp-30h]
    001b1  pop rcx
    001b2  mov [r15+28h],rcx
    001b9  pop r15
    001bb  pop r14
    001bd  pop r13
    001bf  pop r12
    001c1  pop rbx
    001c2  pop rbp
    001c3  ret

