function main (baseline asm, 414 bytes)
    00000  jmp 0000000000000100h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  xor eax,eax
    00015  mov [rbp-8],rax
; line 6: call
    0001c  mov rsi,1
    00023  mov rax,ADDR
    0002d  mov rax,[rax]
    00030  test rax,rax
    00033  je 00000000000000A4h
    00039  cmp rsp,[r15+20h]
    00040  jb 00000000000000A4h
    00046  sub r13,1
    0004d  jb 000000000000009Dh
    00053  add rax,8
    00059  call rax
    0005b  add r13,1
    00062  mov [rbp-8],rax
; line 7: print
    00069  mov rax,[rbp-8]
    00070  mov rsi,rax
    00073  mov rcx,1
    0007d  mov rdi,r12
    00080  mov rax,ADDR
    0008a  call rax  ; jit_print
    0008c  test rdx,rdx
    0008f  jne 00000000000000F8h
; line 8: ret
    00095  xor eax,eax
    00098  mov rsp,rbp
    0009b  pop rbp
    0009c  ret
; call g at line 6 through jit_call
    0009d  add r13,1
    000a4  mov [rsp],rsi
    000ac  mov rcx,[r15+10h]
    000b3  sub rcx,r13
    000b6  add rcx,0
    000bd  mov [r15],rcx
    000c4  mov rsi,1
    000ce  mov rdx,rsp
    000d1  mov rcx,0
    000db  mov rdi,r12
    000de  mov rax,ADDR
    000e8  call rax  ; jit_call
    000ea  test rdx,rdx
    000ed  jne 00000000000000F8h
    000f3  jmp 0000000000000062h
; unwind to the entry from the interpreter
    000f8  mov rsp,[r15+28h]
    000ff  ret
; external entry (from the interpreter)
    00100  push rbp
    00101  mov rbp,rsp
    00104  push rbx
    00105  push r12
    00107  push r13
    00109  push r14
    0010b  push r15
    0010d  mov r12,rdi
    00110  mov r15,ADDR
    0011a  push qword ptr [r15+28h]
    00121  mov r14,8
    0012b  mov r13,[r15+10h]
    00132  sub r13,[r15]
    00139  lea rax,[177h]
    00140  push rax
    00141  mov [r15+28h],rsp
    00148  sub rsp,8
    0014c  mov rdx,rsi
    0014f  sub rsp,0
    00156  call 8
    0015b  xor edx,edx
    0015d  lea rsp,[rbp-30h]
    00164  pop rcx
    00165  mov [r15+28h],rcx
    0016c  pop r15
    0016e  pop r14
    00170  pop r13
    00172  pop r12
    00174  pop rbx
    00175  pop rbp
    00176  ret
    00177  lea rbp,[rsp+30h]
    0017f  mov edx,1
    00184  lea rsp,[rbp-30h]
    0018b  pop rcx
    0018c  mov [r15+28h],rcx
    00193  pop r15
    00195  pop r14
    00197  pop r13
    00199  pop r12
    0019b  pop rbx
    0019c  pop rbp
    0019d  ret

